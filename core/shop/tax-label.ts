/**
 * The one tax label of the shop, the orders and the e-mails: "Tax (GST 5%)" — the school's tax name
 * (Settings, may be empty) and the rate when every line carries the same one; "Tax (GST)" when they differ.
 */
export function taxLabel(name: string, ratesPercent: readonly number[]): string {
  const rates = [...new Set(ratesPercent)];
  const rate = rates.length === 1 ? `${rates[0]}%` : '';
  const inside = [name.trim(), rate].filter(Boolean).join(' ');
  return inside ? `Tax (${inside})` : 'Tax';
}
