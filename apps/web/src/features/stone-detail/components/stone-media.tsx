import type { Stone } from '@loupe/contract/stones';
import { useState } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { Viewer360 } from './viewer-360';

type MediaTab = 'image' | 'view360' | 'video' | 'sparkle' | 'certificate';

const MEDIA_TABS: readonly { key: MediaTab; label: string }[] = [
  { key: 'image', label: 'Image' },
  { key: 'view360', label: '360° View' },
  { key: 'video', label: 'Video' },
  { key: 'sparkle', label: 'Sparkle' },
  { key: 'certificate', label: 'Certificate' },
];

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;

function NoMedia({ children }: { children: string }) {
  return (
    <div className="media-empty" role="status">
      <p>{children}</p>
    </div>
  );
}

function Video({ stone, sparkle }: { stone: Stone; sparkle: boolean }) {
  if (!stone.video_url) return <NoMedia>No video for this stone</NoMedia>;
  return (
    <figure className="media-frame">
      {/* The sparkle view loops silently like a stone turning under the light; the video has controls. */}
      <video
        className="media-video"
        src={stone.video_url}
        controls={!sparkle}
        autoPlay={sparkle}
        loop={sparkle}
        muted
        playsInline
        preload="metadata"
        aria-label={`${sparkle ? 'Sparkle' : '360° video'} of stone ${stone.lot_id}`}
      />
      <figcaption>
        <a href={stone.video_url} download={`${stone.lot_id}${sparkle ? '-sparkle' : ''}.mp4`}>
          Download mp4
        </a>
      </figcaption>
    </figure>
  );
}

function Certificate({ stone }: { stone: Stone }) {
  const url = stone.certificate_url;
  if (!url) return <NoMedia>No certificate file for this stone</NoMedia>;
  if (IMAGE_FILE.test(url)) {
    return (
      <figure className="media-frame">
        <img src={url} alt={`${stone.lab} certificate of stone ${stone.lot_id}`} />
      </figure>
    );
  }
  return (
    <figure className="media-frame">
      <object
        className="media-document"
        data={url}
        type="application/pdf"
        aria-label={`${stone.lab} certificate of stone ${stone.lot_id}`}
      >
        <p className="media-empty">Your browser cannot show the certificate here; download it instead.</p>
      </object>
      {stone.assets_pre_check.CERT_FILE ? (
        <figcaption>
          <a href={url} download={`${stone.lot_id}-certificate.pdf`}>
            Download certificate (PDF)
          </a>
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The stone's photo, video, sparkle view and grading certificate (domain-facts §3). */
export function StoneMedia({ stone }: { stone: Stone }) {
  const [tab, setTab] = useState<MediaTab>('image');
  return (
    <section className="card stone-media" aria-label={`Media of stone ${stone.lot_id}`}>
      <Tabs label="Stone media" tabs={MEDIA_TABS} selected={tab} onSelect={setTab}>
        {tab === 'image' ? (
          stone.image_url ? (
            <figure className="media-frame">
              <img
                src={stone.image_url}
                alt={`Stone ${stone.lot_id}, ${stone.shape_full} ${stone.carats} ct`}
              />
            </figure>
          ) : (
            <NoMedia>No image for this stone</NoMedia>
          )
        ) : null}
        {tab === 'view360' ? <Viewer360 stone={stone} /> : null}
        {tab === 'video' ? <Video stone={stone} sparkle={false} /> : null}
        {tab === 'sparkle' ? <Video stone={stone} sparkle /> : null}
        {tab === 'certificate' ? <Certificate stone={stone} /> : null}
      </Tabs>
    </section>
  );
}
