ALTER TABLE `email_outbox` ADD `sent_by` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `user_id` text;