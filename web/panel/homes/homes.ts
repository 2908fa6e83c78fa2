import type { ComponentType } from 'react';
import type { SessionUser } from '#web/lib/session.ts';
import type { PanelInfo, PanelKey } from '#web/pages/panel/panels.ts';

export type HomeProps = { panel: PanelInfo; user: SessionUser };
type HomeModule = { default: ComponentType<HomeProps> };

/** Each panel's home is its own chunk, loaded when the home is opened, so the panel island stays small. */
export const HOMES: Record<PanelKey, () => Promise<HomeModule>> = {
  student: () => import('./student-home.tsx'),
  instructor: () => import('./instructor-home.tsx'),
  'grand-master': () => import('./grand-master-home.tsx'),
  admin: () => import('./admin-home.tsx'),
  'control-panel': () => import('./control-home.tsx'),
};
