import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { imageVariant, PARTNER_TILE_WIDTHS, PartnerTiles, srcSet } from './PartnerTiles';

const root = path.resolve(__dirname, '../../../../../..');

describe('partner tiles', () => {
  it('offer every picture at the widths of the spec', () => {
    expect(srcSet('/images/sso-photo.svg', PARTNER_TILE_WIDTHS)).toBe(
      '/images/sso-photo-233w.png 233w, /images/sso-photo-258w.png 258w, /images/sso-photo-286w.png 286w, /images/sso-photo-572w.png 572w, /images/sso-photo-858w.png 858w',
    );
  });

  it('have each variant every shipped CMS document names (none is a 404)', () => {
    const dir = path.join(root, 'services/api/internal/content/files/portal');
    const pictures = new Set<string>();
    for (const file of readdirSync(dir)) {
      const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { components: { SsoClientsOverview?: { items: { image: string }[] } } };
      for (const item of doc.components.SsoClientsOverview?.items ?? []) pictures.add(item.image);
    }
    expect(pictures.size).toBeGreaterThan(0);
    for (const picture of pictures) {
      for (const width of PARTNER_TILE_WIDTHS) {
        const file = path.join(root, 'libs/ui/assets', imageVariant(picture, width));
        expect(existsSync(file) ? file : `missing ${file}`).toBe(file);
      }
    }
  });

  it('render picture, label, description and the button to the partner', () => {
    render(<PartnerTiles items={[{ id: 'photo', image: '/images/sso-photo.svg', label: 'Fotoservice', description: 'Fotos bestellen', buttonlabel: 'Zum Fotoservice', url: 'https://photo.example.com/' }]} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Fotoservice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Fotoservice' })).toHaveAttribute('href', 'https://photo.example.com/');
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('width', '286');
    expect(img).toHaveAttribute('height', '161');
    expect(img.getAttribute('srcset')).toContain('858w');
  });
});
