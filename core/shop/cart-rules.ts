/** Spec 5 Cart rules shared by the cart in the browser and POST /orders (no zod: islands import this). */

export type CartChoice = { product: string; size: string | null; color: string | null; quantity: number };

/** Spec 5 Cart: a product with sizes (colors) needs one of them chosen; null when the choice is fine. */
export function choiceRefusal(
  product: { name: string; sizes: readonly string[]; colors: readonly string[] },
  size: string | null,
  color: string | null,
) {
  if (product.sizes.length && (!size || !product.sizes.includes(size)))
    return `Please select a size for ${product.name}. Available sizes: ${product.sizes.join(', ')}`;
  if (product.colors.length && (!color || !product.colors.includes(color)))
    return `Please select a color for ${product.name}. Available colors: ${product.colors.join(', ')}`;
  return null;
}

/** Lines asking for the same product, size and color become one line (spec 5: cart lines are unique by them). */
export function mergeLines(items: readonly CartChoice[]) {
  const merged = new Map<string, { product: string; size: string | null; color: string | null; quantity: number }>();
  for (const { product, size, color, quantity } of items) {
    const key = JSON.stringify([product, size, color]);
    const line = merged.get(key);
    if (line) line.quantity += quantity;
    else merged.set(key, { product, size, color, quantity });
  }
  return [...merged.values()];
}

/** A quantity the cart lowered, said to the buyer rather than applied silently (spec 5: quantity capped at maxStock). */
export const quantityCapped = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left: quantity set to ${left}` : `${name} is out of stock`;
