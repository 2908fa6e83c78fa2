ALTER TABLE `site_settings` ADD `tax_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `default_tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `shipping_cap_cents` integer;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `free_shipping_over_cents` integer;