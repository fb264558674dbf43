import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import { named } from '../common/NamedResource';
import { TeamCreate, TeamEdit } from './TeamForm';
import { TeamList } from './TeamList';

export const seasons = named(EmojiEventsIcon);
export const competitions = named(EmojiEventsIcon);

export const teams = {
  list: TeamList,
  edit: TeamEdit,
  create: TeamCreate,
  icon: GroupsIcon,
  recordRepresentation: 'team_no',
};
