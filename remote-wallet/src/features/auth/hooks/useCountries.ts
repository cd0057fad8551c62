import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Country } from '@app/shared';
import { loadCountries } from '../api/authApi';
import { defaultCountry } from '../model/rules';

export interface CountryChoice {
  countries: Country[];
  status: 'loading' | 'ready' | 'error';
  /** The chosen country, or the default (+1) until the user picks one. */
  country: Country | null;
  choose: (countryId: number) => void;
  retry: () => void;
}

/** The country list for the area-code select (GET /api/country/list) and the current choice. */
export function useCountryChoice(): CountryChoice {
  const [countries, setCountries] = useState<Country[]>([]);
  const [status, setStatus] = useState<CountryChoice['status']>('loading');
  const [attempt, setAttempt] = useState(0);
  const [chosenId, setChosenId] = useState<number | null>(null);

  useEffect(() => {
    let alive = true;
    loadCountries().then(
      (list) => {
        if (!alive) return;
        setCountries(list);
        setStatus('ready');
      },
      () => {
        if (alive) setStatus('error');
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  const country = useMemo(
    () => countries.find((c) => c.country_id === chosenId) ?? defaultCountry(countries),
    [countries, chosenId],
  );

  return { countries, status, country, choose: setChosenId, retry };
}
