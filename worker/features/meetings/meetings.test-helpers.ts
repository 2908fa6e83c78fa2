/** Meeting fixtures for the meetings tests (not a test file itself). */
import { newId } from '#core/ids.ts';
import { meetings, type NewMeetingRow } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';

export const MINUTE = 60_000;

/** A meeting written straight to the table, starting `minutesFromNow` from now (negative: in the past). */
export async function insertMeeting(minutesFromNow = 120, overrides: Partial<NewMeetingRow> = {}) {
  const id = newId();
  return testDb()
    .insert(meetings)
    .values({
      id,
      topic: `Meeting ${id.slice(-8)}`,
      startTime: new Date(Date.now() + minutesFromNow * MINUTE),
      durationMinutes: 60,
      joinUrl: `https://zoom.us/j/${id.slice(-10)}`,
      password: 'osu',
      ...overrides,
    })
    .returning()
    .get();
}

export const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();
