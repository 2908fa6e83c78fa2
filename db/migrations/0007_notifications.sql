CREATE TABLE `notification_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`in_app` integer DEFAULT true NOT NULL,
	`push` integer DEFAULT true NOT NULL,
	`email` integer DEFAULT false NOT NULL,
	`muted_types` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'system' NOT NULL,
	`event_type` text DEFAULT 'custom' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`entity_type` text,
	`entity_id` text,
	`data` text DEFAULT '{}' NOT NULL,
	`actions` text DEFAULT '[]' NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`clicked` integer DEFAULT false NOT NULL,
	`clicked_at` integer,
	`delivered` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_read_created_idx` ON `notifications` (`user_id`,`read`,`created_at`);