CREATE TABLE `family_links` (
	`guardian_id` text NOT NULL,
	`child_id` text NOT NULL,
	`relationship` text DEFAULT 'Guardian' NOT NULL,
	`created_by` text,
	`of_age_notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`guardian_id`, `child_id`),
	FOREIGN KEY (`guardian_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_links_child_idx` ON `family_links` (`child_id`);--> statement-breakpoint
CREATE TABLE `guardian_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`inviter_id` text NOT NULL,
	`email` text NOT NULL,
	`child_ids` text NOT NULL,
	`relationship` text DEFAULT 'Guardian' NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_invites_token_uq` ON `guardian_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `guardian_invites_inviter_idx` ON `guardian_invites` (`inviter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `waiver_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`current_version` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `waiver_reminders` (
	`version_id` text NOT NULL,
	`user_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	`sent_by` text,
	FOREIGN KEY (`version_id`) REFERENCES `waiver_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiver_reminders_version_user_uq` ON `waiver_reminders` (`version_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `waiver_signatures` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`version_id` text NOT NULL,
	`version` integer NOT NULL,
	`signed_for` text NOT NULL,
	`signed_by` text,
	`typed_name` text NOT NULL,
	`signer_capacity` text DEFAULT 'self' NOT NULL,
	`signature_kind` text NOT NULL,
	`signature_key` text,
	`text_sha256` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`pdf_key` text,
	`pdf_sha256` text,
	`signed_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `waiver_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `waiver_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signed_for`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiver_signatures_version_person_uq` ON `waiver_signatures` (`version_id`,`signed_for`);--> statement-breakpoint
CREATE INDEX `waiver_signatures_person_idx` ON `waiver_signatures` (`signed_for`,`document_id`,`version`);--> statement-breakpoint
CREATE TABLE `waiver_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`body_sha256` text NOT NULL,
	`published_by` text,
	`published_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `waiver_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiver_versions_doc_version_uq` ON `waiver_versions` (`document_id`,`version`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`payer_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`payment_method_id` text,
	`due_at` integer NOT NULL,
	`next_attempt_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`first_failed_at` integer,
	`last_error` text,
	`expires_at` integer,
	`lease_until` integer,
	`payment_id` text,
	`paid_at` integer,
	`receipt_key` text,
	`receipt_sent_at` integer,
	`voided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoices_amounts_nonnegative" CHECK("invoices"."subtotal_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_uq` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_payer_created_idx` ON `invoices` (`payer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_next_idx` ON `invoices` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_paid_idx` ON `invoices` (`status`,`paid_at`);--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`gateway` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`setup_id` text NOT NULL,
	`provider_customer_id` text,
	`provider_method_id` text,
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`removed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_gateway_setup_uq` ON `payment_methods` (`gateway`,`setup_id`);--> statement-breakpoint
CREATE INDEX `payment_methods_user_idx` ON `payment_methods` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_one_default_uq` ON `payment_methods` (`user_id`) WHERE "payment_methods"."is_default" = 1 and "payment_methods"."status" = 'active';--> statement-breakpoint
ALTER TABLE `users` ADD `can_sign_in` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `medical_notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `required_waiver_id` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `age_of_majority` integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `dunning_retry_days` text DEFAULT '[1,3,7]' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `dunning_grace_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollment_renewals` ADD `autopay_for` integer;--> statement-breakpoint
ALTER TABLE `enrollment_renewals` ADD `invoice_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollment_renewals_autopay_uq` ON `enrollment_renewals` (`enrollment_id`,`autopay_for`) WHERE "enrollment_renewals"."autopay_for" is not null;--> statement-breakpoint
CREATE INDEX `enrollment_renewals_invoice_idx` ON `enrollment_renewals` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `membership_enrollments` ADD `autopay` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `membership_enrollments` ADD `payer_id` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `membership_enrollments_autopay_ends_idx` ON `membership_enrollments` (`autopay`,`status`,`ends_at`);