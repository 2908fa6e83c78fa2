/**
 * The catalog's option lists. No zod here: the panel screens import these, and the schemas build on them,
 * so the browser and the server offer the same choices without shipping zod to the browser.
 */
export const LEVELS = ['beginner', 'intermediate', 'advanced', 'all'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_MESSAGE = `Level must be one of: ${LEVELS.join(', ')}`;

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const EVENT_CATEGORIES = ['tournament', 'grading', 'seminar', 'social', 'camp', 'workshop', 'demonstration', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const CATEGORY_MESSAGE = `Category must be one of: ${EVENT_CATEGORIES.join(', ')}`;

/** Plans one membership can offer. */
export const MAX_PLANS = 12;
