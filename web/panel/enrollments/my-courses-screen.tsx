import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import { amount } from '#web/lib/enrollment-panel-format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import type { MyKind } from './enrollment-card.tsx';
import { MyEnrollmentsScreen } from './my-enrollments-screen.tsx';
import { cancelCourse, coursePaymentMethods, payCourse, readMyCourses, renewCourse } from './my-enrollments-api.ts';

const MY_COURSES: MyKind<CourseEnrollmentView> = {
  id: 'my-courses',
  title: 'My courses',
  loading: 'Loading your courses…',
  empty: (
    <>
      You are not enrolled in any course yet. <a href="/courses">See the courses</a>
    </>
  ),
  name: (e) => e.course.title,
  heading: (e) => (e.course.slug ? <a href={`/courses/${encodeURIComponent(e.course.slug)}`}>{e.course.title}</a> : e.course.title),
  money: () => amount,
  period: (e, day) => [
    ['Enrolled', day(e.createdAt)],
    ['Term ends', day(e.termEndsAt)],
  ],
  prices: (e, money) => [
    ['Course price', money(e.coursePrice)],
    [`Discount${e.couponCode ? ` (${e.couponCode})` : ''}`, e.discountAmount > 0 ? `−${money(e.discountAmount)}` : null],
  ],
  read: readMyCourses,
  pay: payCourse,
  paymentMethods: coursePaymentMethods,
  renew: renewCourse,
  renewNote: (e, day) => (
    <>
      A new term{e.course.durationWeeks ? ` of ${e.course.durationWeeks} weeks` : ''} starts when your current one ends
      {e.termEndsAt ? ` (${day(e.termEndsAt)})` : ''}, once the renewal is paid.
    </>
  ),
  renewed: 'Enrolment renewed',
  cancel: cancelCourse,
  what: 'enrolment',
  cancelIn: 'in ',
  cancelTitle: (e) => `Cancel your enrolment in ${e.course.title}?`,
  cancelLead: 'Your seat goes to someone else. ',
  cancelled: 'Enrolment cancelled',
};

/** "My courses" of the student panel: each enrolment's decision and payment, amounts, term; pay, renew or cancel. */
export default function MyCoursesScreen({ user }: PanelScreenProps) {
  return <MyEnrollmentsScreen kind={MY_COURSES} user={user} />;
}
