-- A coupon never has more live (reserved or confirmed) uses than its total or per-user limit, whichever
-- path inserts the use (order, enrolment, membership, apply, record-usage): the insert itself is the one
-- conditional statement, serialised by the database. A second record of the same purchase is a no-op
-- (the unique index), so it is not refused here.
CREATE TRIGGER `coupon_uses_within_limits` BEFORE INSERT ON `coupon_uses`
WHEN NEW.`status` <> 'released'
  AND NOT EXISTS (SELECT 1 FROM `coupon_uses` u WHERE u.`coupon_id` = NEW.`coupon_id` AND u.`purchase_type` = NEW.`purchase_type` AND u.`purchase_id` = NEW.`purchase_id`)
BEGIN
  SELECT RAISE(ABORT, 'COUPON_INACTIVE') FROM `coupons` c WHERE c.`id` = NEW.`coupon_id` AND c.`is_active` = 0;
  SELECT RAISE(ABORT, 'COUPON_USAGE_LIMIT') FROM `coupons` c WHERE c.`id` = NEW.`coupon_id` AND c.`usage_limit` IS NOT NULL
    AND (SELECT count(*) FROM `coupon_uses` u WHERE u.`coupon_id` = c.`id` AND u.`status` <> 'released') >= c.`usage_limit`;
  SELECT RAISE(ABORT, 'COUPON_USER_LIMIT') FROM `coupons` c WHERE c.`id` = NEW.`coupon_id` AND c.`per_user_limit` IS NOT NULL AND NEW.`user_id` IS NOT NULL
    AND (SELECT count(*) FROM `coupon_uses` u WHERE u.`coupon_id` = c.`id` AND u.`user_id` = NEW.`user_id` AND u.`status` <> 'released') >= c.`per_user_limit`;
END;
