CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`discounted_price_cents` integer,
	`images` text DEFAULT '[]' NOT NULL,
	`stock_quantity` integer DEFAULT 0 NOT NULL,
	`category` text NOT NULL,
	`sku` text NOT NULL,
	`gst_rate_bp` integer DEFAULT 0 NOT NULL,
	`shipping_fee_cents` integer DEFAULT 0 NOT NULL,
	`weight_grams` integer,
	`sizes` text DEFAULT '[]' NOT NULL,
	`colors` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "products_price_nonnegative" CHECK("products"."price_cents" >= 0),
	CONSTRAINT "products_discount_within_price" CHECK("products"."discounted_price_cents" is null or ("products"."discounted_price_cents" >= 0 and "products"."discounted_price_cents" <= "products"."price_cents")),
	CONSTRAINT "products_stock_nonnegative" CHECK("products"."stock_quantity" >= 0),
	CONSTRAINT "products_gst_rate_range" CHECK("products"."gst_rate_bp" >= 0 and "products"."gst_rate_bp" <= 10000),
	CONSTRAINT "products_shipping_nonnegative" CHECK("products"."shipping_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_active_created_idx` ON `products` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category`,`is_active`);--> statement-breakpoint
CREATE TABLE `coupon_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`coupon_id` text NOT NULL,
	`user_id` text,
	`purchase_type` text NOT NULL,
	`purchase_id` text NOT NULL,
	`category` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_uses_purchase_uq` ON `coupon_uses` (`coupon_id`,`purchase_type`,`purchase_id`);--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon_status_idx` ON `coupon_uses` (`coupon_id`,`status`);--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon_user_idx` ON `coupon_uses` (`coupon_id`,`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `coupon_uses_purchase_idx` ON `coupon_uses` (`purchase_type`,`purchase_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`discount_type` text NOT NULL,
	`discount_value` integer NOT NULL,
	`category` text DEFAULT 'all' NOT NULL,
	`min_amount_cents` integer DEFAULT 0 NOT NULL,
	`max_discount_cents` integer,
	`valid_from` integer,
	`valid_until` integer,
	`usage_limit` integer,
	`per_user_limit` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "coupons_value_positive" CHECK("coupons"."discount_value" > 0),
	CONSTRAINT "coupons_percentage_max" CHECK("coupons"."discount_type" <> 'percentage' or "coupons"."discount_value" <= 10000),
	CONSTRAINT "coupons_limits_positive" CHECK(("coupons"."usage_limit" is null or "coupons"."usage_limit" > 0) and ("coupons"."per_user_limit" is null or "coupons"."per_user_limit" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);--> statement-breakpoint
CREATE INDEX `coupons_active_idx` ON `coupons` (`is_active`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text,
	`name` text NOT NULL,
	`sku` text NOT NULL,
	`image` text,
	`size` text,
	`color` text,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`original_unit_price_cents` integer NOT NULL,
	`gst_rate_bp` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`gst_cents` integer DEFAULT 0 NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_items_quantity_positive" CHECK("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_items_product_idx` ON `order_items` (`product_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`order_number` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`coupon_code` text,
	`coupon_id` text,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`gst_cents` integer DEFAULT 0 NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`payment_method` text NOT NULL,
	`contact` text NOT NULL,
	`shipping_address` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`cancel_reason` text,
	`cancelled_at` integer,
	`paid_at` integer,
	`shipped_at` integer,
	`delivered_at` integer,
	`refunded_at` integer,
	`expires_at` integer NOT NULL,
	`release_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "orders_amounts_nonnegative" CHECK("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."gst_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_number_unique` ON `orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_expires_idx` ON `orders` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`gateway` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`payment_id` text,
	`received_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`gateway`, `event_id`)
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`purchase_type` text NOT NULL,
	`purchase_id` text NOT NULL,
	`gateway` text NOT NULL,
	`session_id` text NOT NULL,
	`provider_payment_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`failure_reason` text,
	`refund_id` text,
	`paid_at` integer,
	`refunded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_gateway_session_uq` ON `payments` (`gateway`,`session_id`);--> statement-breakpoint
CREATE INDEX `payments_purchase_idx` ON `payments` (`purchase_type`,`purchase_id`);--> statement-breakpoint
CREATE INDEX `payments_user_created_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_created_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `site_settings` ADD `currency_locale` text DEFAULT 'en-CA' NOT NULL;