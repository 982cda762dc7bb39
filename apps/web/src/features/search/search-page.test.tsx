import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '@/testing/render';
import { SearchPage } from './components/search-page';
import { addRecentSearch, RECENT_SEARCHES_KEY } from './hooks/recent-searches';
import { makeProduct, makeShow, noResults, stubSearchServer, testCards } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderSearch = (path = '/search') => renderWithProviders(<SearchPage cards={testCards} />, { path, user: makeUser() });
const field = () => screen.getByRole('combobox', { name: 'Search products, shows and stores' });

describe('SearchPage', () => {
  it('with the field empty shows the recent searches (a tap runs one, × forgets it, Clear all) and the categories', async () => {
    stubSearchServer({});
    addRecentSearch('saree');
    addRecentSearch('jhumka');
    const { location } = renderSearch();
    expect(field()).toBe(document.activeElement);
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'Clear all',
      'jhumka',
      'Remove jhumka from recent searches',
      'saree',
      'Remove saree from recent searches',
    ]);
    const categories = screen.getByRole('region', { name: 'Browse categories' });
    expect(within(categories).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      ['fashion', 'jewelry', 'electronics', 'home', 'beauty', 'sports'].map((slug) => `/category/${slug}`),
    );

    fireEvent.click(within(recent).getByRole('button', { name: 'Remove jhumka from recent searches' }));
    expect(within(recent).queryByRole('button', { name: 'jhumka' })).toBeNull();
    fireEvent.click(within(recent).getByRole('button', { name: 'saree' }));
    expect(location()).toBe('/search?q=saree');
    expect(field()).toHaveProperty('value', 'saree');

    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('suggests as one types (one request after the pause), and the arrow keys and Enter choose one', async () => {
    const calls = stubSearchServer({
      suggest: (q) => ({ suggestions: q === 'jhumka' ? [{ text: 'झुमका सेट', kind: 'product' }, { text: 'Jewelry', kind: 'category', category: 'jewelry' }] : [] }),
      search: () => ({ ...noResults, products: [makeProduct()] }),
    });
    const { location } = renderSearch();
    for (const text of ['j', 'jh', 'jhu', 'jhumka']) fireEvent.change(field(), { target: { value: text } });
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['झुमका सेटProduct', 'JewelryCategory']);
    expect(calls).toEqual(['/api/search/suggest?q=jhumka']);
    expect(field().getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(location()).toBe(`/search?q=${encodeURIComponent('झुमका सेट').replace(/%20/g, '+')}`);
    expect(await screen.findByRole('button', { name: 'झुमका सेट' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['झुमका सेट']);
  });

  it('a category suggestion opens its page', async () => {
    stubSearchServer({ suggest: () => ({ suggestions: [{ text: 'Jewelry', kind: 'category', category: 'jewelry' }] }) });
    const { location } = renderSearch();
    fireEvent.change(field(), { target: { value: 'jewel' } });
    fireEvent.click(await screen.findByRole('option', { name: /Jewelry/ }));
    expect(location()).toBe('/category/jewelry');
  });

  it('keeps the words and the tab in the address: a tab asks the server for its kind, Load more for the next page', async () => {
    const calls = stubSearchServer({
      search: (params) => {
        const type = params.get('type');
        if (type === 'products') {
          return params.get('cursor')
            ? { ...noResults, products: [makeProduct({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Jhumka pair' })] }
            : { ...noResults, products: [makeProduct()], nextCursor: 'page-2' };
        }
        return { ...noResults, shows: [makeShow(), makeShow({ id: '00000000-0000-4000-8000-0000000000c2', title: 'Bridal jhumkas', isLive: false })], products: [makeProduct()] };
      },
    });
    const { location } = renderSearch('/search?q=jhumka');
    expect(field()).toHaveProperty('value', 'jhumka');
    expect(field()).not.toBe(document.activeElement);
    const tabs = screen.getByRole('tablist', { name: 'Search results' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Shows', 'Products', 'Stores']);
    expect(within(tabs).getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Jhumka evening' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bridal jhumkas' })).toBeTruthy();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Products' }));
    expect(location()).toBe('/search?q=jhumka&type=products');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Jhumka pair' })).toBeTruthy();
    expect(calls).toEqual(['/api/search?q=jhumka&type=all', '/api/search?q=jhumka&type=products', '/api/search?q=jhumka&type=products&cursor=page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // A new search keeps the tab.
    fireEvent.change(field(), { target: { value: 'saree' } });
    fireEvent.submit(field().closest('form')!);
    expect(location()).toBe('/search?q=saree&type=products');
  });

  it('the address opens a tab directly, and a new search keeps it', async () => {
    stubSearchServer({ search: () => ({ ...noResults, shows: [makeShow()] }) });
    const { location } = renderSearch('/search?q=jhumka&type=shows');
    expect(screen.getByRole('tab', { name: 'Shows' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Jhumka evening' })).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'saree' } });
    fireEvent.submit(field().closest('form')!);
    expect(location()).toBe('/search?q=saree&type=shows');
  });

  it('nothing found: says so with the words, and offers the six categories', async () => {
    stubSearchServer({ search: () => noResults });
    renderSearch('/search?q=xyzzy');
    expect(await screen.findByRole('heading', { name: 'No results for “xyzzy”' })).toBeTruthy();
    const categories = screen.getByRole('region', { name: 'Browse categories' });
    expect(within(categories).getByRole('link', { name: 'Jewelry' }).getAttribute('href')).toBe('/category/jewelry');
    expect(within(categories).getAllByRole('link')).toHaveLength(6);
  });

  it('nothing in one tab: says which, and All is a tap away', async () => {
    const calls = stubSearchServer({ search: (params) => (params.get('type') === 'stores' ? noResults : { ...noResults, products: [makeProduct()] }) });
    const { location } = renderSearch('/search?q=jhumka&type=stores');
    expect(await screen.findByText('No stores match “jhumka”.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'See all results' })));
    expect(location()).toBe('/search?q=jhumka');
    expect(await screen.findByRole('button', { name: 'झुमका सेट' })).toBeTruthy();
    expect(calls).toEqual(['/api/search?q=jhumka&type=stores', '/api/search?q=jhumka&type=all']);
  });
});
