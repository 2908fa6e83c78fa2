import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp } from '#test/helpers.ts';
import { enroll, insertCourse, insertCourseCoupon } from '#test/enrollment-helpers.ts';

const price = (body: unknown, token?: string) =>
  api('/api/coupons/course-price', { method: 'POST', body, ...(token ? { token } : {}), headers: { 'cf-connecting-ip': freshIp() } });

describe('POST /api/coupons/course-price', () => {
  it('prices the course as an enrolment would be: discount price, coupon, GST', async () => {
    const course = await insertCourse();
    const coupon = await insertCourseCoupon();
    const res = await price({ courseId: course.id, couponCode: coupon.code.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      courseId: course.id,
      coursePrice: 150,
      discountAmount: 15,
      gstAmount: 6.75,
      finalAmount: 141.75,
      currency: 'CAD',
      coupon: { code: coupon.code, discountType: 'percentage', discountValue: 10 },
    });
    const student = await createUser();
    const made = await enroll(student, { courseId: course.id, couponCode: coupon.code });
    expect(made.body.data.enrollment.totalAmount).toBe(res.body.data.finalAmount);
    expect((await price({ courseId: course.id })).body.data).toMatchObject({ finalAmount: 157.5, coupon: null });
  });

  it('answers in the spec words: a course ID is required, unknown coupon, wrong category', async () => {
    expect(await price({})).toMatchObject({ status: 400, body: { success: false, message: 'A course ID is required' } });
    const course = await insertCourse();
    expect(await price({ courseId: course.id, couponCode: 'NOSUCH' })).toMatchObject({
      status: 404,
      body: { message: 'Coupon code not found' },
    });
    const shop = await insertCourseCoupon({ category: 'membership' });
    const wrong = await price({ courseId: course.id, couponCode: shop.code });
    expect(wrong.status).toBe(400);
    const gone = await insertCourseCoupon({ validUntil: new Date(Date.now() - 86_400_000) });
    expect((await price({ courseId: course.id, couponCode: gone.code })).status).toBe(400);
    expect((await price({ courseId: 'nope' })).status).toBe(404);
  });
});
