import { useMemo, useState } from 'react';
import { supportApi, useQuery } from '@app/shared';
import type { Country } from '@app/shared';
import { authKeys } from '../api/keys';
import { defaultCountry } from '../model/rules';

export interface CountryChoice {
  countries: Country[];
  status: 'loading' | 'ready' | 'error';
  /** The chosen country, or the default (+1) until the user picks one. */
  country: Country | null;
  choose: (countryId: number) => void;
  retry: () => void;
}

const NO_COUNTRIES: Country[] = [];

/**
 * The country list for the area-code select (GET /api/country/list, asked once per page load:
 * it does not change while the app runs) and the current choice.
 */
export function useCountryChoice(): CountryChoice {
  const query = useQuery({
    queryKey: authKeys.countries(),
    queryFn: ({ signal }) => supportApi.countries(signal),
    staleTime: Infinity,
  });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const countries = query.data ?? NO_COUNTRIES;
  const country = useMemo(
    () => countries.find((c) => c.country_id === chosenId) ?? defaultCountry(countries),
    [countries, chosenId],
  );
  const status: CountryChoice['status'] =
    query.status === 'success'
      ? 'ready'
      : query.status === 'error' && !query.isFetching
        ? 'error'
        : 'loading';
  return { countries, status, country, choose: setChosenId, retry: () => void query.refetch() };
}
