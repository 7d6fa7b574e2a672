import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RegistrationComplete } from './registration-complete';

describe('[AUTH] the end of registration', () => {
  it('says "guest account created": the stock now, prices and buying once KYC is approved', () => {
    render(
      <MemoryRouter>
        <RegistrationComplete firstName="Lena" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Guest account created' })).toBeTruthy();
    const text = screen.getByText(/^Welcome to Loupe, Lena\./).textContent ?? '';
    expect(text).toContain('As a guest you can browse our stock right away.');
    // A guest sees no prices (the API withholds them until KYC is approved): the screen says so.
    expect(text).toContain('Prices and buying open once your KYC is approved');
    expect(text).not.toMatch(/stock and prices/);
    expect(screen.getByRole('link', { name: 'Complete KYC' }).getAttribute('href')).toBe('/v2/kyc');
    expect(screen.getByRole('link', { name: 'Explore as a guest' }).getAttribute('href')).toBe('/');
  });
});
