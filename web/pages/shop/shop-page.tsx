import type { ShopTerms } from '#core/shop/shop-terms.ts';
import type { ProductView } from '#core/shop/views.ts';
import { PRODUCT_CATEGORIES, type ProductSort } from '#core/shop/shop-options.ts';
import { Field, SelectField } from '#web/components/form-kit.tsx';
import { FilterActions, ResultsCount } from '#web/components/list-filters.tsx';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { categoryLabel, ProductCard } from './product-card.tsx';

export type ShopData = {
  site: SiteInfo;
  terms: ShopTerms;
  products: readonly ProductView[];
  filters: { search?: string | undefined; category?: string | undefined; sort: ProductSort };
  pagination: { page: number; totalPages: number; total: number };
};

const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));

/** The shop: a plain GET form for search, category and sort (the URL holds them; the server filters), a grid, and paging links. */
export function ShopPage({ site, terms, products, filters, pagination }: ShopData) {
  const params = { search: filters.search, category: filters.category, sort: filters.sort === 'newest' ? undefined : filters.sort };
  return (
    <SiteLayout current="/shop" site={site}>
      <PageHead eyebrow="Shop" title="Dojo shop" lead="Uniforms, belts and training gear chosen by our instructors." />
      <div className="section">
        <div className="container">
          <form className="filters" method="get" action="/shop" role="search" aria-label="Find products">
            <Field
              id="shop-search"
              name="search"
              label="Search"
              type="search"
              defaultValue={filters.search ?? ''}
              maxLength={100}
              required={false}
              placeholder="Gi, belt, gloves…"
            />
            <SelectField
              id="shop-category"
              name="category"
              label="Category"
              allLabel="All categories"
              options={CATEGORY_OPTIONS}
              defaultValue={filters.category ?? ''}
            />
            <SelectField id="shop-sort" name="sort" label="Sort by" options={SORT_OPTIONS} defaultValue={filters.sort} />
            <FilterActions submit="Show" clearHref="/shop" showClear={Boolean(filters.category || filters.search)} />
          </form>
          <ResultsCount total={pagination.total} singular="product" plural="products" />
          {products.length ? (
            <div className="grid product-grid">
              {products.map((p, i) => (
                <ProductCard key={p._id} product={p} money={terms.money} eager={i < 2} />
              ))}
            </div>
          ) : (
            <EmptyState>
              {filters.search
                ? `No product matches “${filters.search}”. Try another word or clear the search.`
                : 'No product matches this category yet.'}
            </EmptyState>
          )}
          <Pager page={pagination.page} totalPages={pagination.totalPages} href={(n) => pageHref('/shop', params, n)} label="Shop pages" />
        </div>
      </div>
    </SiteLayout>
  );
}
