import type { EligibilityView, RankAwardView } from '#core/progression/views.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { chosenMethod, goToPayment, NO_BROWSER_FLOW, paymentMethods } from '#web/lib/shop-api.ts';

/** The shapes of API-25 a student reads (eligibility, the rank ledger, certificates, a grading's registration). */
export type ProgramView = { _id: string; slug: string; name: string; isActive: boolean; position: number };

export type CertificateView = {
  _id: string;
  number: string;
  programName: string;
  rankName: string;
  issuedOn: string;
  status: 'valid' | 'revoked' | 'superseded';
  revocationReason: string | null;
  verifyUrl: string;
  pdfUrl: string;
};

/** One program's part of "My belt": where the student stands and the awards that brought them there. */
export type ProgramProgress = { eligibility: EligibilityView; history: RankAwardView[] };
export type MyProgress = { programs: ProgramProgress[]; certificates: { items: CertificateView[]; error: string } };

const DEFAULT_PROGRAM = 'karate';
const seg = encodeURIComponent;

/** `who`: 'me', or a guardian's child's id (the reads admit the child's guardians). */
export const readEligibility = async (slug: string, signal?: AbortSignal, who = 'me') =>
  (
    await api<EligibilityView>(`/students/${seg(who)}/eligibility`, {
      query: { program: slug },
      signal,
      fallback: 'Failed to fetch your progress',
    })
  ).data ?? null;

/** The programs the student holds a valid rank in, in the school's order; karate when none yet. */
export function programsHeld(programs: readonly ProgramView[], awards: readonly RankAwardView[]): ProgramView[] {
  const held = new Set(awards.filter((a) => !a.voidedAt).map((a) => a.programId));
  const mine = programs.filter((p) => held.has(p._id)).sort((a, b) => a.position - b.position);
  if (mine.length) return mine;
  const first = programs.find((p) => p.slug === DEFAULT_PROGRAM) ?? programs.find((p) => p.isActive);
  return first ? [first] : [];
}

const readPrograms = async (signal?: AbortSignal) =>
  (await api<ProgramView[]>('/programs', { signal, fallback: 'Failed to fetch the programs' })).data ?? [];
const readMyRanks = async (signal?: AbortSignal, who = 'me') =>
  (await api<RankAwardView[]>(`/students/${seg(who)}/ranks`, { signal, fallback: 'Failed to fetch your rank history' })).data ?? [];

/** Everything "My belt" shows (a guardian's child's with `forUserId`): the programs, the ledger and certificates at once, then each program's eligibility. */
export async function readMyProgress(signal?: AbortSignal, forUserId: string | null = null): Promise<MyProgress> {
  const who = forUserId ?? 'me';
  const [programs, ledger, certificates] = await Promise.all([
    readPrograms(signal),
    readMyRanks(signal, who),
    // The certificates are their own part: when they cannot be read, the belts still show.
    api<CertificateView[]>('/certificates', {
      query: { limit: 50, for: forUserId },
      signal,
      fallback: 'Failed to fetch your certificates',
    }).then(
      (body) => ({ items: body.data ?? [], error: '' }),
      (err: unknown) => ({ items: [], error: errorMessage(err) }),
    ),
  ]);
  const shown = programsHeld(programs, ledger);
  const eligibilities = await Promise.all(shown.map((p) => readEligibility(p.slug, signal, who)));
  return {
    programs: eligibilities
      .filter((e): e is EligibilityView => e !== null)
      .map((eligibility) => ({ eligibility, history: ledger.filter((a) => a.programId === eligibility.program._id) })),
    certificates,
  };
}

/** The home card's part: where the student stands in their first program (null when the school has no ladder). */
export async function readMyBelt(signal?: AbortSignal): Promise<EligibilityView | null> {
  const [programs, ledger] = await Promise.all([readPrograms(signal), readMyRanks(signal)]);
  const first = programsHeld(programs, ledger)[0];
  return first ? readEligibility(first.slug, signal) : null;
}

type Registered = { candidate?: { _id: string; status: string; paymentStatus: string }; payment?: PaymentStart | null };

/** Off to the gateway (its page, or Razorpay's modal); refuses a method with no browser flow. */
async function pay(payment: PaymentStart | null | undefined, description: string): Promise<'left' | 'free'> {
  if (!payment) return 'free';
  if (!(await goToPayment(payment, { description }))) throw new Error(NO_BROWSER_FLOW);
  return 'left';
}

/** POST /gradings/:id/register with the student's payment method; then the fee's payment, if one is due. */
export async function registerForGrading(gradingId: string, description: string) {
  const gateway = chosenMethod((await paymentMethods()).availableGateways);
  const body = await api<Registered>(`/gradings/${seg(gradingId)}/register`, {
    method: 'POST',
    body: { gateway },
    fallback: 'Failed to register for the grading',
  });
  return pay(body.data?.payment ?? (body.payment as PaymentStart | undefined), description);
}

/** POST /gradings/:id/candidates/:cid/pay: a new payment of the test fee. */
export async function payGradingFee(gradingId: string, candidateId: string, description: string) {
  const gateway = chosenMethod((await paymentMethods()).availableGateways);
  const body = await api<Registered>(`/gradings/${seg(gradingId)}/candidates/${seg(candidateId)}/pay`, {
    method: 'POST',
    body: { gateway },
    fallback: 'Failed to start the payment',
  });
  return pay(body.data?.payment ?? (body.payment as PaymentStart | undefined), description);
}

/**
 * Back from the gateway at `?paid=<candidateId>`: a declined payment says so; a proof (the sandbox's, Razorpay's)
 * is settled by POST /gradings/:id/candidates/:cid/verify-payment; a gateway that settles by webhook (Stripe) needs nothing here.
 */
export async function settleReturn(back: URLSearchParams, gradingId: string | null): Promise<string> {
  const candidateId = back.get('paid') ?? '';
  if (back.get('declined')) throw new Error('The payment was declined. Your registration is kept: pay the fee below when you are ready.');
  const [sessionId, paymentId, signature] = ['sessionId', 'paymentId', 'signature'].map((k) => back.get(k) ?? '');
  if (!sessionId || !paymentId || !gradingId) return 'Thank you: your payment is being confirmed. The grading below updates once it is.';
  await api(`/gradings/${seg(gradingId)}/candidates/${seg(candidateId)}/verify-payment`, {
    method: 'POST',
    body: { sessionId, paymentId, signature },
    fallback: 'Payment verification failed',
  });
  return 'Thank you: your test fee is paid.';
}

/** The grading a candidacy of the student's belongs to, from what "My belt" read. */
export const gradingOfCandidate = (progress: MyProgress, candidateId: string | null) =>
  progress.programs.map((p) => p.eligibility.nextGrading).find((g) => g && candidateId && g.candidateId === candidateId)?._id ?? null;
