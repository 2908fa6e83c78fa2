/** The counts an admin list answers with (`summary`), over the whole table. */
export type Summary = { total: number; active: number; inactive: number; featured: number };
