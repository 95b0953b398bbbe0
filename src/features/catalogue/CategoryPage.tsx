import { listedInCategory } from '../../catalog/listing';
import { toolListing } from '../../catalog/listing.gen';
import type { Category } from '../../catalog/tool-types';
import * as page from '../../components/ui/page/page.css';
import { ToolGrid } from './ToolGrid';

const intro: Record<Category, string> = {
  Image: 'Generate, transform, restore and advertise with image models.',
  Video: 'Create and edit short video clips from text and images.',
  Text: 'Write, code and extract text with language models.',
  '3D': 'Turn images into textured 3D models.',
  Audio: 'Compose music, design sounds and generate voices.',
};

/** A category's tool list (NAV-8: /image, /video, /text, /audio, /3d, and /image-models, /video-models). */
export function CategoryPage({ category }: { category: Category }) {
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>AI tools</p>
        <h1 className={page.title}>{category === '3D' ? '3D' : category} Tools</h1>
        <p className={page.lead}>{intro[category]}</p>
      </header>
      <ToolGrid tools={listedInCategory(toolListing, category)} />
    </div>
  );
}
