/** What the cart and the checkout show when there is nothing to buy. */
export function EmptyCart() {
  return (
    <div className="shop-empty" data-ready="">
      <p>Your cart is empty.</p>
      <a className="btn btn-primary" href="/shop">
        Browse the shop
      </a>
    </div>
  );
}
