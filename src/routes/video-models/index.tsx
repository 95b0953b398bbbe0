import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../features/catalogue/CategoryPage';

export const Route = createFileRoute('/video-models/')({ component: () => <CategoryPage category="Video" /> });
