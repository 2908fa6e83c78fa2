import { createContext, useContext } from 'react';

/** Collects the islands a page renders, so the document adds the loader only when there is one. */
export type IslandCollector = { used: Set<string> };
export const IslandContext = createContext<IslandCollector | null>(null);
export const useIslandCollector = () => useContext(IslandContext);
