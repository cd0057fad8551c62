import { ROUTE_DOMAINS, isErrorCode, routeSpec, routeTable, type Domain } from './client';
import { ROUTES, type RouteName } from './routes';

const names = Object.keys(ROUTES) as RouteName[];
const domains = [...new Set(Object.values(ROUTE_DOMAINS))] as Domain[];

describe('the client entry of the contract', () => {
  it('names the domain of every route of ROUTES, and no other route', () => {
    expect(Object.keys(ROUTE_DOMAINS).sort()).toEqual([...names].sort());
  });

  it('loads, for every route, the very spec of ROUTES from its domain table', async () => {
    for (const name of names) expect(await routeSpec(name)).toBe(ROUTES[name]);
  });

  it('has route tables that hold only routes of their own domain', async () => {
    expect(domains).toHaveLength(11);
    for (const domain of domains) {
      const { routes } = await routeTable(domain);
      const inTable = Object.keys(routes) as RouteName[];
      expect(inTable.length).toBeGreaterThan(0);
      expect(inTable.filter((name) => ROUTE_DOMAINS[name] !== domain)).toEqual([]);
    }
  });

  it('tells the server’s error codes from others', () => {
    expect(isErrorCode('spot.pair_not_found')).toBe(true);
    expect(isErrorCode('no.such_code')).toBe(false);
  });
});
