-- A course with a capacity takes no more live (not cancelled) enrolments than its capacity, however many
-- arrive at once: the insert itself is the one conditional statement, serialised by the database, as
-- the coupon limits of 0003 are. The enrolment's batch (with its coupon use) fails as a whole.
CREATE TRIGGER `course_enrollments_within_capacity` BEFORE INSERT ON `course_enrollments`
WHEN NEW.`status` <> 'cancelled'
BEGIN
  SELECT RAISE(ABORT, 'COURSE_FULL') FROM `courses` c WHERE c.`id` = NEW.`course_id` AND c.`capacity` IS NOT NULL
    AND (SELECT count(*) FROM `course_enrollments` e WHERE e.`course_id` = c.`id` AND e.`status` <> 'cancelled') >= c.`capacity`;
END;
