CREATE TABLE `social_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`mode` text DEFAULT 'live' NOT NULL,
	`external_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`username` text,
	`access_token_enc` text,
	`refresh_token_enc` text,
	`token_expires_at` integer,
	`refresh_expires_at` integer,
	`scope` text,
	`extra` text DEFAULT '{}' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_refreshed_at` integer,
	`last_error` text,
	`refresh_lease_until` integer,
	`expiry_notified_for` integer,
	`connected_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`connected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_accounts_platform_uq` ON `social_accounts` (`platform`);--> statement-breakpoint
CREATE INDEX `social_accounts_expires_idx` ON `social_accounts` (`token_expires_at`);--> statement-breakpoint
CREATE TABLE `social_local_log` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`platform` text NOT NULL,
	`post_id` text,
	`payload` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `social_local_log_created_idx` ON `social_local_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `social_local_log_post_idx` ON `social_local_log` (`post_id`);--> statement-breakpoint
CREATE TABLE `social_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`user_id` text NOT NULL,
	`token_version` integer NOT NULL,
	`nonce_hash` text NOT NULL,
	`code_verifier_enc` text,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `social_oauth_states_expires_idx` ON `social_oauth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `social_post_targets` (
	`post_id` text NOT NULL,
	`platform` text NOT NULL,
	`status` text NOT NULL,
	`due_at` integer NOT NULL,
	`error` text,
	`error_kind` text,
	`external_id` text,
	`external_url` text,
	`account_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim_token` text,
	`claimed_at` integer,
	`published_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`post_id`, `platform`),
	FOREIGN KEY (`post_id`) REFERENCES `social_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `social_post_targets_due_idx` ON `social_post_targets` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `social_post_targets_platform_idx` ON `social_post_targets` (`platform`,`status`);--> statement-breakpoint
CREATE TABLE `social_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`media_ids` text DEFAULT '[]' NOT NULL,
	`schedule_time` integer,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `social_posts_created_idx` ON `social_posts` (`created_at`);