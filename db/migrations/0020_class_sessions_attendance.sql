CREATE TABLE `class_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`class_id` text,
	`kind` text DEFAULT 'regular' NOT NULL,
	`title` text NOT NULL,
	`location` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`instructor_user_id` text,
	`capacity` integer,
	`booked_count` integer DEFAULT 0 NOT NULL,
	`waitlist_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`cancel_reason` text,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`instructor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "class_sessions_end_after_start" CHECK("class_sessions"."ends_at" > "class_sessions"."starts_at"),
	CONSTRAINT "class_sessions_capacity" CHECK("class_sessions"."capacity" is null or "class_sessions"."capacity" >= 0),
	CONSTRAINT "class_sessions_booked_within_capacity" CHECK("class_sessions"."booked_count" >= 0 and ("class_sessions"."capacity" is null or "class_sessions"."booked_count" <= "class_sessions"."capacity")),
	CONSTRAINT "class_sessions_waitlist_count" CHECK("class_sessions"."waitlist_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `class_sessions_class_start_uq` ON `class_sessions` (`class_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `class_sessions_starts_idx` ON `class_sessions` (`starts_at`);--> statement-breakpoint
CREATE INDEX `class_sessions_instructor_starts_idx` ON `class_sessions` (`instructor_user_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `session_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`booked_by` text,
	`late_cancel` integer DEFAULT false NOT NULL,
	`promoted_at` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `class_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_bookings_live_uq` ON `session_bookings` (`session_id`,`user_id`) WHERE "session_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `session_bookings_session_status_created_idx` ON `session_bookings` (`session_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `session_bookings_user_created_idx` ON `session_bookings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `attendance_events` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`recorded_by` text,
	`kiosk_device_id` text,
	`idempotency_key` text,
	`needs_review` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `class_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attendance_events_session_user_idx` ON `attendance_events` (`session_id`,`user_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `attendance_events_user_recorded_idx` ON `attendance_events` (`user_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `checkin_credentials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`qr_token` text NOT NULL,
	`qr_rotated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`pin_hash` text,
	`pin_set_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkin_credentials_qr_token_unique` ON `checkin_credentials` (`qr_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkin_credentials_pin_hash_unique` ON `checkin_credentials` (`pin_hash`);--> statement-breakpoint
CREATE TABLE `kiosk_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`location` text,
	`token_hash` text NOT NULL,
	`created_by` text,
	`last_seen_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kiosk_devices_token_hash_unique` ON `kiosk_devices` (`token_hash`);--> statement-breakpoint
ALTER TABLE `site_settings` ADD `booking_cancel_cutoff_minutes` integer DEFAULT 120 NOT NULL;