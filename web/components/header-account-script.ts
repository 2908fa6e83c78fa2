import { PANEL_BY_ROLE } from '#core/roles.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

const [T, U] = [JSON.stringify(STORAGE_KEYS.token), JSON.stringify(STORAGE_KEYS.user)];
/** The session check: ended → forget it; ended for a reason → say it, then the login page. The token seen last is kept, so a
 * panel tab that forgot the session first (its room told it) does not leave this page unable to ask why. */
const CHECK = `let k=localStorage.getItem(${T});const c=async()=>{const t=localStorage.getItem(${T})||k;if(!t||document.hidden)return;k=t;try{const d=(await(await fetch('/api/users/session-status',{headers:{authorization:'Bearer '+t}})).json()).data;if(d&&!d.active){k=null;localStorage.removeItem(${T});localStorage.removeItem(${U});if(d.reason){const b=document.createElement('p');b.setAttribute('role','alert');b.className='form-alert session-ended';b.textContent=d.message;document.body.prepend(b);setTimeout(()=>location.assign('/auth/login'),3e3)}}}catch{}};if(document.querySelector('[data-account-link]')){c();addEventListener('visibilitychange',c);addEventListener('focus',c);addEventListener('storage',c);setInterval(c,2e4)}`;

/**
 * The header's cart count and the signed-in visitor's name and panel link, filled in from localStorage
 * (`cart`, `user`) by a small inline script, so content pages still load no island and no React. Cart
 * islands announce changes with the `dojo:cart` event; other tabs with `storage`. A signed-in visitor's
 * session is checked when the tab is shown or focused and every 20 s while it is visible (one cached
 * token check and one row read, cheaper than a socket per tab): ended by the school, the page says why
 * and goes to the login page. Panels, which have no account link, hear it from their room (web/lib/session-ended.ts).
 */
export const HEADER_ACCOUNT_SCRIPT = `(()=>{const P=${JSON.stringify(PANEL_BY_ROLE)};const f=()=>{let n=0,u=null;try{for(const l of JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.cart)})||'[]'))n+=Number(l.quantity)||0;u=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.user)})||'null')}catch{}for(const e of document.querySelectorAll('[data-cart-count]')){e.textContent=String(n);e.hidden=!n;e.setAttribute('aria-label',n+(n===1?' item':' items')+' in cart')}if(u&&P[u.role])for(const a of document.querySelectorAll('[data-account-link]')){a.textContent=(u.profile&&u.profile.firstName)||u.email;a.href=P[u.role];a.className='btn btn-secondary btn-sm';a.removeAttribute('aria-current')}};f();addEventListener('storage',f);addEventListener('dojo:cart',f);${CHECK}})()`;
