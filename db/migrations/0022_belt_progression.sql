CREATE TABLE `attendance_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`program_id` text NOT NULL,
	`rank_id` text,
	`count` integer NOT NULL,
	`reason` text NOT NULL,
	`created_by` text,
	`voided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "attendance_credits_count" CHECK("attendance_credits"."count" between 1 and 10000)
);
--> statement-breakpoint
CREATE INDEX `attendance_credits_user_program_idx` ON `attendance_credits` (`user_id`,`program_id`);--> statement-breakpoint
CREATE TABLE `grading_approvals` (
	`user_id` text NOT NULL,
	`rank_id` text NOT NULL,
	`approved_by` text,
	`note` text,
	`approved_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `rank_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `programs` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`attendance_window` text DEFAULT 'since_last_promotion' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `programs_slug_unique` ON `programs` (`slug`);--> statement-breakpoint
CREATE TABLE `rank_requirements` (
	`id` text PRIMARY KEY NOT NULL,
	`rank_id` text NOT NULL,
	`type` text NOT NULL,
	`mode` text DEFAULT 'gate' NOT NULL,
	`value` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rank_requirements_rank_type_uq` ON `rank_requirements` (`rank_id`,`type`);--> statement-breakpoint
CREATE TABLE `rank_techniques` (
	`id` text PRIMARY KEY NOT NULL,
	`rank_id` text NOT NULL,
	`syllabus_item_id` text,
	`title` text NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`max_score` integer DEFAULT 10 NOT NULL,
	`pass_score` integer DEFAULT 6 NOT NULL,
	`weight` integer DEFAULT 1 NOT NULL,
	`mandatory` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`syllabus_item_id`) REFERENCES `syllabus_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "rank_techniques_scores" CHECK("rank_techniques"."max_score" between 1 and 1000 and "rank_techniques"."pass_score" between 0 and "rank_techniques"."max_score"),
	CONSTRAINT "rank_techniques_weight" CHECK("rank_techniques"."weight" between 1 and 100)
);
--> statement-breakpoint
CREATE INDEX `rank_techniques_rank_idx` ON `rank_techniques` (`rank_id`,`position`);--> statement-breakpoint
CREATE TABLE `ranks` (
	`id` text PRIMARY KEY NOT NULL,
	`program_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'kyu' NOT NULL,
	`color_hex` text DEFAULT '#ffffff' NOT NULL,
	`stripe_max` integer DEFAULT 0 NOT NULL,
	`test_fee_cents` integer DEFAULT 0 NOT NULL,
	`grade_key` text,
	`age_upgrade_rank_id` text,
	`age_upgrade_at_years` integer,
	`examiner_min_rank_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ranks_fee_not_negative" CHECK("ranks"."test_fee_cents" >= 0),
	CONSTRAINT "ranks_stripes_range" CHECK("ranks"."stripe_max" between 0 and 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ranks_program_position_uq` ON `ranks` (`program_id`,`position`);--> statement-breakpoint
CREATE TABLE `student_ranks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`program_id` text NOT NULL,
	`rank_id` text NOT NULL,
	`stripes` integer DEFAULT 0 NOT NULL,
	`awarded_on` text NOT NULL,
	`source` text NOT NULL,
	`candidate_id` text,
	`awarded_by` text,
	`note` text,
	`supersedes_id` text,
	`voided_at` integer,
	`voided_by` text,
	`void_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "student_ranks_stripes" CHECK("student_ranks"."stripes" between 0 and 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_ranks_candidate_id_unique` ON `student_ranks` (`candidate_id`);--> statement-breakpoint
CREATE INDEX `student_ranks_user_program_idx` ON `student_ranks` (`user_id`,`program_id`,`awarded_on`,`created_at`);--> statement-breakpoint
CREATE INDEX `student_ranks_program_rank_idx` ON `student_ranks` (`program_id`,`rank_id`);--> statement-breakpoint
CREATE TABLE `technique_checks` (
	`user_id` text NOT NULL,
	`technique_id` text NOT NULL,
	`checked_by` text,
	`checked_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `technique_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`technique_id`) REFERENCES `rank_techniques`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`student_rank_id` text NOT NULL,
	`user_id` text NOT NULL,
	`grading_id` text,
	`holder_name` text NOT NULL,
	`program_name` text NOT NULL,
	`rank_name` text NOT NULL,
	`rank_id` text NOT NULL,
	`issued_on` text NOT NULL,
	`issuer_name` text NOT NULL,
	`examiners` text DEFAULT '[]' NOT NULL,
	`credential` text NOT NULL,
	`pdf_key` text NOT NULL,
	`pdf_sha256` text NOT NULL,
	`status` text DEFAULT 'valid' NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	`revocation_reason` text,
	`superseded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`student_rank_id`) REFERENCES `student_ranks`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`grading_id`) REFERENCES `gradings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_number_unique` ON `certificates` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_student_rank_id_unique` ON `certificates` (`student_rank_id`);--> statement-breakpoint
CREATE INDEX `certificates_user_idx` ON `certificates` (`user_id`,`issued_on`);--> statement-breakpoint
CREATE TABLE `grading_candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`grading_id` text NOT NULL,
	`user_id` text NOT NULL,
	`from_rank_id` text,
	`target_rank_id` text NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`eligibility_snapshot` text NOT NULL,
	`override_reason` text,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`payment_status` text DEFAULT 'none' NOT NULL,
	`paid_at` integer,
	`paid_by_payment_id` text,
	`waived_by` text,
	`waive_reason` text,
	`invited_by` text,
	`registered_at` integer,
	`decided_at` integer,
	`decided_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`grading_id`) REFERENCES `gradings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_rank_id`) REFERENCES `ranks`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "grading_candidates_fee" CHECK("grading_candidates"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grading_candidates_grading_user_uq` ON `grading_candidates` (`grading_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `grading_candidates_user_idx` ON `grading_candidates` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `grading_examiners` (
	`grading_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'panel' NOT NULL,
	`confirmed_at` integer,
	`added_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`grading_id`, `user_id`),
	FOREIGN KEY (`grading_id`) REFERENCES `gradings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grading_examiners_user_idx` ON `grading_examiners` (`user_id`);--> statement-breakpoint
CREATE TABLE `grading_scores` (
	`candidate_id` text NOT NULL,
	`examiner_user_id` text NOT NULL,
	`technique_id` text NOT NULL,
	`score` integer NOT NULL,
	`comment` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`candidate_id`, `examiner_user_id`, `technique_id`),
	FOREIGN KEY (`candidate_id`) REFERENCES `grading_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`examiner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`technique_id`) REFERENCES `rank_techniques`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "grading_scores_not_negative" CHECK("grading_scores"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE `grading_sheets` (
	`candidate_id` text NOT NULL,
	`examiner_user_id` text NOT NULL,
	`comment` text,
	`locked_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`candidate_id`, `examiner_user_id`),
	FOREIGN KEY (`candidate_id`) REFERENCES `grading_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`examiner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `gradings` (
	`id` text PRIMARY KEY NOT NULL,
	`program_id` text NOT NULL,
	`event_id` text,
	`title` text NOT NULL,
	`held_on` text NOT NULL,
	`location` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`target_rank_ids` text DEFAULT '[]' NOT NULL,
	`min_age` integer,
	`max_age` integer,
	`registration_closes_at` integer,
	`result_rule` text DEFAULT 'majority' NOT NULL,
	`notes` text,
	`created_by` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`locked_at` integer,
	`approved_at` integer,
	`finalized_at` integer,
	`finalized_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "gradings_age_range" CHECK("gradings"."min_age" is null or "gradings"."max_age" is null or "gradings"."min_age" <= "gradings"."max_age")
);
--> statement-breakpoint
CREATE INDEX `gradings_program_held_idx` ON `gradings` (`program_id`,`held_on`);--> statement-breakpoint
CREATE INDEX `gradings_status_held_idx` ON `gradings` (`status`,`held_on`);--> statement-breakpoint
ALTER TABLE `classes` ADD `program_id` text;