CREATE INDEX `email_outbox_status_created_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_paid_idx` ON `payments` (`status`,`paid_at`);