package dev.groundskeeper.release;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a compiled class refers to, read from its constant pool (JVMS 4.4): the classes it names
 * (in class entries and in field and method descriptors) and the members it calls or reads. Enough
 * for the architecture checks; no bytecode library is on the project's dependency list.
 */
final class ClassFiles {

  /** One compiled class: its binary name and what its code refers to. */
  record Compiled(String name, Set<String> classes, Set<String> members) {}

  private static final Pattern DESCRIPTOR_TYPE = Pattern.compile("L([A-Za-z0-9_$/]+);");

  private ClassFiles() {}

  /** Every class under {@code classes} (a module's target/classes). */
  static List<Compiled> under(Path classes) {
    List<Compiled> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        found.add(read(Files.readAllBytes(file)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + classes, e);
    }
    return found;
  }

  /** Binary names of the top-level and nested classes under {@code classes}. */
  static List<String> names(Path classes) {
    return under(classes).stream().map(Compiled::name).toList();
  }

  static Compiled read(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readInt() != 0xCAFEBABE) {
        throw new IllegalArgumentException("not a class file");
      }
      in.readUnsignedShort();
      in.readUnsignedShort();
      int count = in.readUnsignedShort();
      String[] utf8 = new String[count];
      int[] classIndex = new int[count];
      int[][] memberRef = new int[count][];
      int[][] nameAndType = new int[count][];
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[i] = in.readUTF();
          case 7 -> classIndex[i] = in.readUnsignedShort();
          case 9, 10, 11 -> memberRef[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
          case 12 -> nameAndType[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
          case 8, 16, 19, 20 -> in.readUnsignedShort();
          case 3, 4 -> in.readInt();
          case 5, 6 -> {
            in.readLong();
            i++;
          }
          case 15 -> {
            in.readUnsignedByte();
            in.readUnsignedShort();
          }
          case 17, 18 -> {
            in.readUnsignedShort();
            in.readUnsignedShort();
          }
          default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
        }
      }
      in.readUnsignedShort();
      String self = utf8[classIndex[in.readUnsignedShort()]].replace('/', '.');
      Set<String> classes = new TreeSet<>();
      Set<String> members = new TreeSet<>();
      for (int i = 1; i < count; i++) {
        if (classIndex[i] != 0) {
          String name = utf8[classIndex[i]];
          if (!name.startsWith("[")) {
            classes.add(name.replace('/', '.'));
          }
          descriptorTypes(name, classes);
        }
        if (nameAndType[i] != null) {
          descriptorTypes(utf8[nameAndType[i][1]], classes);
        }
        if (memberRef[i] != null) {
          String owner = utf8[classIndex[memberRef[i][0]]].replace('/', '.');
          String member = utf8[nameAndType[memberRef[i][1]][0]];
          members.add(owner + "." + member);
        }
      }
      // Field and method signatures of the class itself sit in plain UTF-8 entries.
      for (String text : utf8) {
        if (text != null && (text.startsWith("(") || text.startsWith("L"))) {
          descriptorTypes(text, classes);
        }
      }
      classes.remove(self);
      return new Compiled(self, classes, members);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void descriptorTypes(String descriptor, Set<String> into) {
    Matcher m = DESCRIPTOR_TYPE.matcher(descriptor);
    while (m.find()) {
      into.add(m.group(1).replace('/', '.'));
    }
  }
}
