import { createApp } from './app.ts';
import { scheduled } from './scheduled.ts';

const app = createApp();

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<import('./env.ts').Bindings>;
