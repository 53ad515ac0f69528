// Share links of a story: copy its address, or share it on X, LinkedIn or Facebook through
// their public share addresses (opened in a new tab; no third-party script on our page).
import { useToast } from '../toasts/ToastProvider.tsx';

export function shareUrls(url: string, title: string): { x: string; linkedIn: string; facebook: string } {
  const u = encodeURIComponent(url);
  return {
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { showToast } = useToast();
  const links = shareUrls(url, title);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: 'Link copied to clipboard.' });
    } catch {
      showToast({ style: 'ERROR', message: 'The link could not be copied. Copy it from the address bar instead.' });
    }
  };
  return (
    <ul className="share-links" aria-label="Share">
      <li>
        <button type="button" className="button button-text" onClick={() => void copy()}>
          Copy link
        </button>
      </li>
      <li>
        <a href={links.x} target="_blank" rel="noopener noreferrer">
          Share on X
        </a>
      </li>
      <li>
        <a href={links.linkedIn} target="_blank" rel="noopener noreferrer">
          Share on LinkedIn
        </a>
      </li>
      <li>
        <a href={links.facebook} target="_blank" rel="noopener noreferrer">
          Share on Facebook
        </a>
      </li>
    </ul>
  );
}
