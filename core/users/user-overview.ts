/** GET /api/users/:id/overview: a user and what they have with the school, a few newest rows of each with totals. */
export type UserOverviewView<U = Record<string, unknown>> = {
  user: U;
  courseEnrollments: {
    total: number;
    items: {
      _id: string;
      courseTitle: string;
      status: string;
      paymentStatus: string;
      total: number;
      currency: string;
      createdAt: string;
    }[];
  };
  membershipEnrollments: {
    total: number;
    items: {
      _id: string;
      membershipName: string;
      planName: string;
      status: string;
      paymentStatus: string;
      startsAt: string | null;
      endsAt: string | null;
      createdAt: string;
    }[];
  };
  instructorApplications: { _id: string; status: string; instructorStatus: string; createdAt: string }[];
  orders: {
    total: number;
    items: { _id: string; orderNumber: string; status: string; total: number; currency: string; createdAt: string }[];
  };
  payments: {
    total: number;
    items: {
      _id: string;
      purchaseType: string;
      purchaseId: string;
      gateway: string;
      status: string;
      amount: number;
      currency: string;
      createdAt: string;
    }[];
  };
  messages: { total: number; lastAt: string | null };
};
