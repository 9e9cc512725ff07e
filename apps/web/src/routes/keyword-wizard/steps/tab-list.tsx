import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ALL_TAB_NAME, type Tab } from '@siteseer/core';
import { type MoveDirection, useMoveFocus } from '../../../shell/use-move-focus.ts';
import { TabIcon } from './tab-icons.tsx';

/**
 * The tabs in their order: the fixed 'All' tab first (not movable), then the engine's tabs, each
 * a button that loads it into the editor, reorderable by dragging its handle (mouse, touch, or the
 * keyboard: Space, arrows, Space) or with its Move up / Move down buttons. Positions count the All
 * tab as 0, as core's reorderTabs does.
 */
export function TabList({
  tabs,
  editing,
  onEdit,
  onMove,
}: {
  tabs: Tab[];
  editing: string | undefined;
  onEdit: (tab: Tab) => void;
  onMove: (from: number, to: number) => void;
}) {
  const moveFocus = useMoveFocus();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const position = (id: string | number) => tabs.findIndex((tab) => tab.tabName === id) + 1;
    onMove(position(active.id), position(over.id));
  };
  return (
    // The context renders its screen reader instructions and live region beside its children: it
    // wraps the list rather than sitting in it, where only list items may be.
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Box component="ol" aria-label="Tabs" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Box component="li" sx={row}>
          <Box sx={{ width: 40 }} />
          <TabIcon name="all" />
          <Typography>{ALL_TAB_NAME}</Typography>
          <Typography variant="body2" color="text.secondary">
            always first
          </Typography>
        </Box>
        <SortableContext items={tabs.map((tab) => tab.tabName)} strategy={verticalListSortingStrategy}>
          {tabs.map((tab, index) => (
            <SortableTab
              key={tab.tabName}
              tab={tab}
              position={index + 1}
              last={index === tabs.length - 1}
              selected={tab.tabName === editing}
              onEdit={() => onEdit(tab)}
              onMove={(direction) => {
                moveFocus.moved(tab.tabName, direction);
                onMove(index + 1, direction === 'up' ? index : index + 2);
              }}
              buttonRef={(direction) => moveFocus.buttonRef(tab.tabName, direction)}
            />
          ))}
        </SortableContext>
      </Box>
    </DndContext>
  );
}

function SortableTab({
  tab,
  position,
  last,
  selected,
  onEdit,
  onMove,
  buttonRef,
}: {
  tab: Tab;
  position: number;
  last: boolean;
  selected: boolean;
  onEdit: () => void;
  onMove: (direction: MoveDirection) => void;
  buttonRef: (direction: MoveDirection) => (element: HTMLButtonElement | null) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tab.tabName });
  const name = tab.tabName;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ ...row, bgcolor: isDragging ? 'action.hover' : undefined, zIndex: isDragging ? 1 : undefined }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        {...attributes}
        {...listeners}
        aria-label={`Drag tab ${name}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <Button
        variant={selected ? 'contained' : 'outlined'}
        startIcon={<TabIcon name={tab.tabIcon} />}
        aria-pressed={selected}
        onClick={onEdit}
        sx={{ textTransform: 'none' }}
      >
        {name}
      </Button>
      <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
        {tab.tabCategory}
      </Typography>
      <IconButton
        size="small"
        ref={buttonRef('up')}
        aria-label={`Move tab ${name} up`}
        disabled={position === 1}
        onClick={() => onMove('up')}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        ref={buttonRef('down')}
        aria-label={`Move tab ${name} down`}
        disabled={last}
        onClick={() => onMove('down')}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
    </Box>
  );
}

const row = {
  display: 'flex',
  alignItems: 'center',
  gap: 1.5,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  position: 'relative',
} as const;
