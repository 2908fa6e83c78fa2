CREATE TABLE `meeting_joins` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`last_joined_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`join_count` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_joins_meeting_user_uq` ON `meeting_joins` (`meeting_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `meeting_joins_user_idx` ON `meeting_joins` (`user_id`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`topic` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_time` integer NOT NULL,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`timezone` text DEFAULT 'Asia/Kolkata' NOT NULL,
	`join_url` text NOT NULL,
	`password` text,
	`host_id` text,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`status_reason` text,
	`target_roles` text DEFAULT '["all"]' NOT NULL,
	`target_users` text DEFAULT '[]' NOT NULL,
	`notification_sent` integer DEFAULT false NOT NULL,
	`notification_count` integer DEFAULT 0 NOT NULL,
	`zoom_meeting_id` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meetings_start_idx` ON `meetings` (`start_time`);--> statement-breakpoint
CREATE INDEX `meetings_status_start_idx` ON `meetings` (`status`,`start_time`);