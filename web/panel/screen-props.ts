import type { ComponentType } from 'react';
import type { SessionUser } from '#web/lib/session.ts';
import type { PanelInfo } from '#web/pages/panel/panels.ts';

/** What PanelApp hands every panel screen: who is signed in, the panel, and the path below the screen. */
export type PanelScreenProps = {
  user: SessionUser;
  panel: PanelInfo;
  /** `/admin/courses/abc` → ['abc']. */
  path: string[];
  /** The screen's own URL, e.g. `/admin/courses`. */
  base: string;
};

export type PanelScreenModule = { default: ComponentType<PanelScreenProps> };
