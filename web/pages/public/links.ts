/** Where "Book a free trial class" leads until the booking flow exists. */
export const TRIAL_HREF = '/under-construction';
