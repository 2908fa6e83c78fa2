/**
 * The few service-worker globals the worker uses, typed here: the project's lib is the DOM's, and the
 * WebWorker lib cannot be loaded beside it.
 */
export type WaitUntilEvent = Event & { waitUntil(work: Promise<unknown>): void };
export type FetchLikeEvent = WaitUntilEvent & { request: Request; respondWith(answer: Promise<Response>): void };
export type PushLikeEvent = WaitUntilEvent & { data: { json(): unknown; text(): string } | null };
export type NotificationClickEvent = WaitUntilEvent & { notification: Notification };
export type WindowClientLike = { url: string; focus(): Promise<unknown> };

export type ServiceWorkerScope = {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WaitUntilEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchLikeEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushLikeEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
};

export const sw = self as unknown as ServiceWorkerScope;
