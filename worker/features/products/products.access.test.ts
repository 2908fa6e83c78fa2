import { describe, expect, it } from 'vitest';
import { describeAccessMatrix, tagged } from '#test/catalog-helpers.ts';
import { productsAccess } from './products.access.ts';
import { makeProduct, productBody } from './products.test-helpers.ts';

describe('products access', () => {
  describeAccessMatrix(describe, it, expect, productsAccess, {
    'GET /api/products': async () => ({ method: 'GET', path: '/api/products' }),
    'GET /api/products/:id': async (t) => ({ method: 'GET', path: `/api/products/${(await makeProduct(t, `${tagged()} R`))._id}` }),
    'POST /api/products': async () => ({ method: 'POST', path: '/api/products', body: productBody(`${tagged()} N`) }),
    'DELETE /api/products': async (t) => ({
      method: 'DELETE',
      path: '/api/products',
      body: { productIds: [(await makeProduct(t, `${tagged()} D`))._id] },
    }),
    'PUT /api/products/:id': async (t) => ({
      method: 'PUT',
      path: `/api/products/${(await makeProduct(t, `${tagged()} U`))._id}`,
      body: { price: 5 },
    }),
    'DELETE /api/products/:id': async (t) => ({ method: 'DELETE', path: `/api/products/${(await makeProduct(t, `${tagged()} X`))._id}` }),
  });
});
