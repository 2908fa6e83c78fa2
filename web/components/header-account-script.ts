import { PANEL_BY_ROLE } from '#core/roles.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/**
 * The header's cart count and the signed-in visitor's name and panel link, filled in from localStorage
 * (`cart`, `user`) by a few hundred bytes of inline script, so content pages still load no island and
 * no React. Cart islands announce changes with the `dojo:cart` event; other tabs with `storage`.
 */
export const HEADER_ACCOUNT_SCRIPT = `(()=>{const P=${JSON.stringify(PANEL_BY_ROLE)};const f=()=>{let n=0,u=null;try{for(const l of JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.cart)})||'[]'))n+=Number(l.quantity)||0;u=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.user)})||'null')}catch{}for(const e of document.querySelectorAll('[data-cart-count]')){e.textContent=String(n);e.hidden=!n;e.setAttribute('aria-label',n+(n===1?' item':' items')+' in cart')}if(u&&P[u.role])for(const a of document.querySelectorAll('[data-account-link]')){a.textContent=(u.profile&&u.profile.firstName)||u.email;a.href=P[u.role];a.className='btn btn-secondary btn-sm';a.removeAttribute('aria-current')}};f();addEventListener('storage',f);addEventListener('dojo:cart',f)})()`;
