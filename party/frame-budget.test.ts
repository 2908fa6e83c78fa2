import { describe, expect, it } from 'vitest';
import { FRAME_LIMIT, FrameBudget } from './frame-budget.ts';

describe("a socket's frame budget", () => {
  it('passes the first frames of each second, drops the rest, and closes a flood once its drops pass the limit', () => {
    const budget = new FrameBudget();
    const t = 1_000_000;
    const first = Array.from({ length: FRAME_LIMIT.perSecond }, () => budget.take(t));
    expect(first.every((v) => v === 'pass')).toBe(true);
    const dropped = Array.from({ length: FRAME_LIMIT.dropsToClose }, () => budget.take(t + 10));
    expect(dropped.every((v) => v === 'drop')).toBe(true);
    expect(budget.take(t + 20)).toBe('close');
  });

  it('never drops a browser that sends a typing frame every 2 s, and forgives a short burst after its window', () => {
    const budget = new FrameBudget();
    for (let t = 0; t < 600_000; t += 2_000) expect(budget.take(t)).toBe('pass');
    const t = 1_000_000;
    for (let i = 0; i < FRAME_LIMIT.perSecond + 10; i++) budget.take(t);
    const later = t + FRAME_LIMIT.dropWindowMs + 1_000;
    for (let i = 0; i < FRAME_LIMIT.perSecond; i++) expect(budget.take(later)).toBe('pass');
    for (let i = 0; i < FRAME_LIMIT.dropsToClose; i++) expect(budget.take(later)).toBe('drop');
  });
});
