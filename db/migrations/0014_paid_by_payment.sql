ALTER TABLE `orders` ADD `paid_by_payment_id` text;--> statement-breakpoint
ALTER TABLE `course_enrollments` ADD `paid_by_payment_id` text;--> statement-breakpoint
ALTER TABLE `enrollment_renewals` ADD `paid_by_payment_id` text;--> statement-breakpoint
ALTER TABLE `membership_enrollments` ADD `paid_by_payment_id` text;