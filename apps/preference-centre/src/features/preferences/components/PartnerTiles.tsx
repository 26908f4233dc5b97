import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoClientItem } from '@portal/cms';

/** The widths the partner tile pictures exist in (spec 001 §2, screen 9). */
export const PARTNER_TILE_WIDTHS = [233, 258, 286, 572, 858] as const;

/** `/images/sso-photo.svg` → the raster variant of one width, `/images/sso-photo-286w.png`. */
export function imageVariant(src: string, width: number): string {
  return src.replace(/\.(svg|png|jpe?g|webp)$/i, `-${width}w.png`);
}

/** A srcset over the widths a picture exists in. */
export function srcSet(src: string, widths: readonly number[]): string {
  return widths.map((width) => `${imageVariant(src, width)} ${width}w`).join(', ');
}

/**
 * The partner services reached with the same account (components.SsoClientsOverview): picture, label,
 * description and a button to the partner. Pictures are chosen by the space a tile gets: a full-width tile on a
 * phone, two or three across on wider screens.
 */
export function PartnerTiles({ items }: { items: SsoClientItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="pc-partners" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mpp.partners.headline', { defaultValue: 'Unsere weiteren Services' })}</h2>
      <ul className="pc-partners__grid">
        {items.map((item) => (
          <li key={item.id} className="pc-partner">
            <img
              className="pc-partner__image"
              src={imageVariant(item.image, 286)}
              srcSet={srcSet(item.image, PARTNER_TILE_WIDTHS)}
              sizes="(min-width: 64em) 286px, (min-width: 40em) 45vw, 92vw"
              width={286}
              height={161}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <h3 className="pc-partner__label">{item.label}</h3>
            <p className="pc-partner__text">{item.description}</p>
            <a className="button pc-partner__button" href={item.url}>
              {item.buttonlabel}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
