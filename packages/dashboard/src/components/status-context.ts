import { createContext, useContext } from 'react';

/** Puts a short message in the page's aria-live status region. */
export type Announce = (message: string) => void;

export const StatusContext = createContext<Announce>(() => undefined);

/** The function that announces a status message to every reader, sighted or not. */
export function useAnnounce(): Announce {
  return useContext(StatusContext);
}
