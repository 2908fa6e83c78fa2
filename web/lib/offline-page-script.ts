import { PANEL_LIST } from '#web/pages/panel/panels.ts';
import { SERVICE_WORKER_URL } from './push-client.ts';

/** The offline banner's words (role=status, web/document.tsx): what still works, and what waits for the network. */
export const OFFLINE_NOTES = {
  panel:
    'You are offline: screens you opened before show what they last loaded. Messages you write are sent when you are back online; other changes need the connection.',
  page: 'You are offline. This is the copy of the page saved when you last opened it; forms are sent only when you are back online.',
} as const;

export const OFFLINE_BANNER_ID = 'offline-banner';

const panelPath = `^(${PANEL_LIST.map((p) => p.base.replace(/[-/]/g, '\\$&')).join('|')})(/|$)`;

/**
 * Inline on every page (so pages without an island still work offline): registers the service worker
 * once the page has loaded, and fills the offline banner while the browser is offline.
 */
export const OFFLINE_PAGE_SCRIPT = `(()=>{const b=document.getElementById(${JSON.stringify(OFFLINE_BANNER_ID)});const n=new RegExp(${JSON.stringify(panelPath)}).test(location.pathname)?${JSON.stringify(OFFLINE_NOTES.panel)}:${JSON.stringify(OFFLINE_NOTES.page)};const f=()=>{if(b)b.textContent=navigator.onLine?'':n};f();addEventListener('online',f);addEventListener('offline',f);if('serviceWorker'in navigator){const r=()=>navigator.serviceWorker.register(${JSON.stringify(SERVICE_WORKER_URL)},{scope:'/'}).catch(()=>{});document.readyState==='complete'?r():addEventListener('load',r,{once:true})}})()`;
