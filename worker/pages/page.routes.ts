import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const pageRoutes = new Hono<AppEnv>().get('/', (c) => c.html('<!doctype html><title>Dojo</title><h1>Dojo</h1>'));
