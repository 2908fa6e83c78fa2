/**
 * A membership bought with autopay chosen (issue 26 §3): who pays its automatic renewals is the buyer when
 * they are not the member (a guardian for a child), else null (the member).
 */
export const withAutopay = <T extends { userId: string }>(values: T, autopay: boolean | undefined, buyerId: string) => ({
  ...values,
  autopay: autopay ?? false,
  payerId: values.userId === buyerId ? null : buyerId,
});
