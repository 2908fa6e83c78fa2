import type { Client } from '@libsql/client';

export type Check = { name: string; ok: boolean; detail: string };

const one = async (db: Client, sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows[0]!;

/** Issue 21's money invariants, read from the database at the end of the run. */
export async function moneyInvariants(db: Client, productId: string, startStock: number, stockSeen: number[]): Promise<Check[]> {
  const stock = Number((await one(db, 'select stock_quantity as n from products where id = ?', [productId])).n);
  // The soak never ships, so every ended order gave its stock back: what the live orders hold is the rest.
  const held = Number(
    (
      await one(
        db,
        `select coalesce(sum(i.quantity), 0) as n from order_items i join orders o on o.id = i.order_id
          where i.product_id = ? and o.status in ('pending_payment', 'paid', 'processing')`,
        [productId],
      )
    ).n,
  );
  const seen = [...stockSeen, stock];
  const coupons = (
    await db.execute(
      `select c.code, c.usage_limit as lim, count(u.id) as live from coupons c
         left join coupon_uses u on u.coupon_id = c.id and u.status in ('reserved', 'confirmed')
        group by c.id having c.usage_limit is not null`,
    )
  ).rows;
  const over = coupons.filter((c) => Number(c.live) > Number(c.lim));
  const money = await one(
    db,
    `select
       (select coalesce(sum(amount_cents), 0) from payments where purchase_type = 'order' and status in ('succeeded', 'refunded')) as taken,
       (select coalesce(sum(amount_cents), 0) from payments where purchase_type = 'order' and status = 'refunded') as refunded,
       (select coalesce(sum(total_cents), 0) from orders where status in ('paid', 'processing', 'shipped', 'delivered')) as paid`,
  );
  const kept = Number(money.taken) - Number(money.refunded);
  return [
    {
      name: 'stock never below 0 nor above its start',
      ok: Math.min(...seen) >= 0 && Math.max(...seen) <= startStock,
      detail: `start ${startStock}, seen ${Math.min(...seen)}–${Math.max(...seen)}, end ${stock}`,
    },
    { name: 'stock + what live orders hold == start', ok: stock + held === startStock, detail: `${stock} + ${held} = ${stock + held}` },
    {
      name: "each coupon's live uses <= its limit",
      ok: over.length === 0,
      detail: coupons.map((c) => `${c.code} ${c.live}/${c.lim}`).join(', ') || 'no limited coupon',
    },
    {
      name: 'payments taken - refunded == what paid orders say',
      ok: kept === Number(money.paid),
      detail: `${Number(money.taken) / 100} - ${Number(money.refunded) / 100} = ${kept / 100}; orders ${Number(money.paid) / 100}`,
    },
  ];
}
