import { Link } from 'react-router-dom';
import type { AccountLink, CmsImage } from '@portal/cms';
import { isAccountPortalPage } from '../../../shared/navigation';

/** Spec 000 §9: the widths the tile pictures come in. */
export const TILE_IMAGE_WIDTHS = [768, 1024, 1817] as const;

/**
 * The `src` and `srcSet` of a tile picture: a `{width}` in the content's address is replaced by each width, so a
 * content service that scales pictures serves the fitting one; an address without it is used as it is (an SVG).
 */
export function tileImageSources(src: string): { src: string; srcSet?: string } {
  if (!src.includes('{width}')) return { src };
  const at = (width: number) => src.replaceAll('{width}', String(width));
  return { src: at(1024), srcSet: TILE_IMAGE_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', ') };
}

function TileImage({ image }: { image: CmsImage }) {
  const { src, srcSet } = tileImageSources(image.src);
  // The heights of spec 000 §9 come with the breakpoints in app.css (.tile__image).
  return <img className="tile__image" src={src} srcSet={srcSet} sizes={srcSet ? '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw' : undefined} alt={image.alt} loading="lazy" />;
}

/**
 * The account page's tiles: the content's account links with their pictures (spec 000 §2). A tile of one of the
 * portal's pages opens it in the app, as the menu does, so the focus goes to its heading; a plain link loaded the
 * whole app again and left the keyboard at the document's start (QA). Others (the preference centre, a shop) stay
 * plain links.
 */
export function AccountTiles({ links }: { links: readonly AccountLink[] }) {
  return (
    <ul className="tiles account-tiles">
      {links.map((link) => (
        <li key={link.id} className="tile">
          {link.image ? <TileImage image={link.image} /> : null}
          <h2 className="tile__title">
            {isAccountPortalPage(link.url) ? <Link to={link.url}>{link.label}</Link> : <a href={link.url}>{link.label}</a>}
          </h2>
          <p>{link.description}</p>
        </li>
      ))}
    </ul>
  );
}
