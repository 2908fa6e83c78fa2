ALTER TABLE `site_settings` ADD `max_unpaid_orders` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `coupon_uses` ADD `recorded_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `client_ip` text;--> statement-breakpoint
CREATE INDEX `orders_ip_status_idx` ON `orders` (`client_ip`,`status`,`expires_at`);